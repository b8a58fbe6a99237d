import { PASSWORD_RULES } from '@lendo/shared';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

interface PasswordPair extends FieldValues {
  password: string;
  repeatPassword: string;
}

interface NewPasswordFieldsProps<T extends PasswordPair, Out> {
  /** A form with `password` and `repeatPassword` fields. */
  form: UseFormReturn<T, unknown, Out>;
  /** The first field's label: "Password" on sign-up, "New password" elsewhere. */
  label: string;
  /** The first field takes the focus when its dialog opens. */
  autoFocus?: boolean;
}

/** A new password with its live rule hints (SPEC §5), then the same password again. */
export function NewPasswordFields<T extends PasswordPair, Out>({
  form,
  label,
  autoFocus,
}: NewPasswordFieldsProps<T, Out>) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: 'password' as Path<T> }) as string;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        error={errors.password?.message as string | undefined}
        ruleHints={{ rules: PASSWORD_RULES, value: password }}
        data-autofocus={autoFocus || undefined}
        {...register('password' as Path<T>)}
      />
      <PasswordField
        label={t('auth.field.repeat-password')}
        autoComplete="new-password"
        error={errors.repeatPassword?.message as string | undefined}
        {...register('repeatPassword' as Path<T>)}
      />
    </>
  );
}
