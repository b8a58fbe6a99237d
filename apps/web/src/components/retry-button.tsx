import { RotateCw } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** "Try again" under a part of a page that failed to load. */
export function RetryButton(props: Omit<ComponentProps<typeof Button>, 'children'>) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" className="mt-2" {...props}>
      <RotateCw aria-hidden="true" className={props.size === 'lg' ? 'size-5' : 'size-4'} />
      {t('common.retry')}
    </Button>
  );
}
