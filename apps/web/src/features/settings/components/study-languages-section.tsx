import {
  LEARNING_LANGUAGES,
  PLAN_ALLOWANCES,
  PROFICIENCIES,
  type LearningLanguage,
  type Proficiency,
} from '@lendo/shared';
import { Crown } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/checkbox-field';
import { SegmentedControl } from '@/components/segmented-control';
import { SelectField } from '@/components/select-field';
import { useMe } from '@/lib/me';
import { useSetStudyLanguages } from '@/lib/study-languages';
import { useUpdateLevel } from '../api/update-level';
import { SettingsSection } from './settings-section';

/** The learner's level, as answered in onboarding; the home page recommends stories around it. */
function LevelSetting() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useUpdateLevel();
  return (
    <div className="mt-5 border-t border-line pt-4">
      <SelectField
        label={t('settings.study.level')}
        options={PROFICIENCIES.map((value) => ({ value, label: t(`onboarding.proficiency.${value}`) }))}
        value={me.proficiency ?? 'other'}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(event.target.value as Proficiency, {
            onSuccess: () => toast.success(t('settings.study.level-saved')),
            onError: () => toast.error(t('error.something-went-wrong')),
          })
        }
        className="sm:max-w-xs"
      />
    </div>
  );
}

/**
 * The languages the learner studies (DESIGN §5): one at a time on basic and pro, changeable here;
 * several at once on premium, the first one shown on the home page. Then the level.
 */
export function StudyLanguagesSection() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSetStudyLanguages();
  const several = PLAN_ALLOWANCES[me.subscription.plan?.tier ?? 'basic'].studyLanguages !== 1;
  const studied = me.study_languages;

  const change = (languages: LearningLanguage[]) =>
    save.mutate(languages, {
      onSuccess: () => toast.success(t('settings.study.saved')),
      onError: () => toast.error(t('error.something-went-wrong')),
    });

  return (
    <SettingsSection
      title={t('settings.study.section')}
      description={several ? t('settings.study.text-several') : t('settings.study.text-one')}
    >
      {several ? (
        <fieldset className="grid gap-3" disabled={save.isPending}>
          <legend className="sr-only">{t('settings.study.section')}</legend>
          {LEARNING_LANGUAGES.map((language) => {
            const checked = studied.includes(language);
            return (
              <CheckboxField
                key={language}
                label={t(`language.${language}`)}
                checked={checked}
                // The last language cannot go: a learner always studies one.
                disabled={checked && studied.length === 1}
                onChange={() =>
                  change(checked ? studied.filter((l) => l !== language) : [...studied, language])
                }
              />
            );
          })}
        </fieldset>
      ) : (
        <div className="grid gap-3">
          <SegmentedControl
            legend={t('settings.study.section')}
            value={studied[0] ?? 'en'}
            disabled={save.isPending}
            className="sm:max-w-md"
            options={LEARNING_LANGUAGES.map((language) => ({
              value: language,
              label: t(`language.${language}`),
            }))}
            onChange={(language) => change([language])}
          />
          <p className="flex items-center gap-2 text-sm text-muted">
            <Crown aria-hidden="true" className="size-4 shrink-0 text-pro" />
            <span>
              {t('settings.study.premium')}{' '}
              <Link to="/plans" className="font-semibold text-brand-ink underline-offset-2 hover:underline">
                {t('settings.plan.more')}
              </Link>
            </span>
          </p>
        </div>
      )}
      <LevelSetting />
    </SettingsSection>
  );
}
