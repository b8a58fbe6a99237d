import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/me';
import { LibraryComing } from '../components/library-coming';

/** Home. Stories arrive in a later issue; until then the page says so plainly. */
export default function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  const name = me.name || me.username;
  const answers = [
    me.learning_language && {
      label: t('home.profile.learning'),
      value: t(`language.${me.learning_language}`),
    },
    me.proficiency && {
      label: t('home.profile.level'),
      value: t(`onboarding.proficiency.${me.proficiency}`),
    },
    me.motivation && { label: t('home.profile.goal'), value: t(`onboarding.motivation.${me.motivation}`) },
  ].filter((item) => !!item);

  return (
    <div className="grid gap-8">
      <title>{`${t('nav.home')} · Lendo`}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight break-words text-balance sm:text-4xl">
          {t('home.greeting', { name })}
        </h1>
        {answers.length > 0 && (
          <dl className="mt-4 flex flex-wrap gap-2">
            {answers.map(({ label, value }) => (
              <div
                key={label}
                className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1.5 text-sm"
              >
                <dt className="text-muted">{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <LibraryComing />
    </div>
  );
}
