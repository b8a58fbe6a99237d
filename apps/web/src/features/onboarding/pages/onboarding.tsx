import {
  LEARNING_LANGUAGES,
  MOTIVATIONS,
  PROFICIENCIES,
  type LearningLanguage,
  type Motivation,
  type Proficiency,
} from '@lendo/shared';
import {
  ArrowLeft,
  ArrowRight,
  BriefcaseBusiness,
  Headphones,
  LogOut,
  MicVocal,
  Plane,
  Sparkles,
  Sprout,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Logo } from '@/components/logo';
import { ApiError } from '@/lib/api-client';
import { useLogout } from '@/lib/session';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { ChoiceCard } from '../components/choice-card';
import { LanguageBadge } from '../components/language-badge';
import { StepProgress } from '../components/step-progress';

const MOTIVATION_ICONS: Record<Motivation, LucideIcon> = {
  career: BriefcaseBusiness,
  travel: Plane,
  pronunciation: MicVocal,
  listening: Headphones,
  other: Sparkles,
};

const STEPS = ['language', 'proficiency', 'motivation'] as const;
type Step = (typeof STEPS)[number];

interface Answers {
  language?: LearningLanguage;
  proficiency?: Proficiency;
  motivation?: Motivation;
}

function IconArt({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-12 shrink-0 place-items-center rounded-xl bg-surface-muted text-brand-ink"
    >
      <Icon className="size-6" />
    </span>
  );
}

/** Three questions, one per step, with back and next (SPEC §2). */
export default function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const complete = useCompleteOnboarding();
  const [stepIndex, setStepIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const step: Step = STEPS[stepIndex] ?? 'language';
  const isLast = stepIndex === STEPS.length - 1;

  const choose = (value: string) => setAnswers((current) => ({ ...current, [step]: value }));

  const finish = () => {
    const { language, proficiency, motivation } = answers;
    if (!language || !proficiency || !motivation) return;
    complete.mutate(
      { language, proficiency, motivation },
      {
        onSuccess: () => {
          toast.success(t('onboarding.done'));
          void navigate('/', { replace: true });
        },
        onError: (error) => toast.error(t(error instanceof ApiError ? error.code : 'error.unexpected')),
      },
    );
  };

  const next = () => (isLast ? finish() : setStepIndex(stepIndex + 1));

  const options = {
    language: LEARNING_LANGUAGES.map((value) => ({
      value,
      label: t(`language.${value}`),
      art: <LanguageBadge language={value} />,
    })),
    proficiency: PROFICIENCIES.map((value, index) => ({
      value,
      label: t(`onboarding.proficiency.${value}`),
      description: t(`onboarding.proficiency.${value}.description`),
      art: <ProficiencyArt level={value === 'other' ? 0 : index + 1} />,
    })),
    motivation: MOTIVATIONS.map((value) => ({
      value,
      label: t(`onboarding.motivation.${value}`),
      description: t(`onboarding.motivation.${value}.description`),
      art: <IconArt icon={MOTIVATION_ICONS[value]} />,
    })),
  }[step];

  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${t('onboarding.title')} · Lendo`}</title>
      <header className="border-b border-line bg-surface/80 backdrop-blur">
        <div className="mx-auto flex max-w-2xl items-center justify-between px-4 py-2 sm:px-6">
          <Logo />
          <Button variant="ghost" onClick={() => void logout()}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('shell.menu.exit')}
          </Button>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 pt-6 sm:px-6 sm:pt-10">
        <StepProgress step={stepIndex + 1} total={STEPS.length} />
        <form
          className="mt-6 flex flex-1 flex-col"
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <fieldset key={step} className="animate-fade-in">
            <legend className="w-full">
              <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
                {t(`onboarding.${step}.title`)}
              </h1>
            </legend>
            <p className="mt-2 text-muted">{t(`onboarding.${step}.subtitle`)}</p>
            <div className="mt-6 grid gap-3">
              {options.map((option) => (
                <ChoiceCard
                  key={option.value}
                  name={step}
                  value={option.value}
                  checked={answers[step] === option.value}
                  onChange={choose}
                  label={option.label}
                  description={'description' in option ? option.description : undefined}
                  art={option.art}
                />
              ))}
            </div>
          </fieldset>
          <div className="sticky bottom-0 mt-auto flex gap-3 bg-canvas/90 pt-6 pb-[max(1rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:bg-transparent sm:pb-10">
            {stepIndex > 0 && (
              <Button variant="secondary" size="lg" onClick={() => setStepIndex(stepIndex - 1)}>
                <ArrowLeft aria-hidden="true" className="size-5" />
                {t('onboarding.back')}
              </Button>
            )}
            <Button
              type="submit"
              size="lg"
              className="ml-auto min-w-36 max-sm:flex-1"
              disabled={!answers[step]}
              loading={complete.isPending}
            >
              {t(isLast ? 'onboarding.finish' : 'onboarding.next')}
              {!isLast && <ArrowRight aria-hidden="true" className="size-5" />}
            </Button>
          </div>
        </form>
      </main>
    </div>
  );
}

/** Signal-style bars: as many filled as the level; "other" shows a sprout. */
function ProficiencyArt({ level }: { level: number }) {
  if (level === 0) return <IconArt icon={Sprout} />;
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-end justify-center gap-1 rounded-xl bg-surface-muted pb-3"
    >
      {[1, 2, 3, 4].map((bar) => (
        <span
          key={bar}
          className={bar <= level ? 'w-1.5 rounded-full bg-brand' : 'w-1.5 rounded-full bg-line-strong'}
          style={{ height: `${bar * 5 + 2}px` }}
        />
      ))}
    </span>
  );
}
