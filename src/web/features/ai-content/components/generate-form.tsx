import { useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import {
  AI_LANGUAGES,
  AI_LENGTHS,
  AI_TONES,
  MAX_VARIANTS,
  PROMPT_MAX_LENGTH,
  generateInputSchema,
  type AiLanguage,
  type GenerateOptions,
} from '#shared/contracts/ai-content.contract.ts';
import { PLATFORMS } from '#shared/contracts/account.contract.ts';
import { POST_FORMATS } from '#shared/platform-limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select, Switch, Textarea } from './fields.tsx';

export const PLATFORM_LABELS = { instagram: 'Instagram', facebook: 'Facebook' } as const;
const FORMAT_LABELS = { post: 'Feed post', carousel: 'Carousel', reel: 'Reel' } as const;
const LENGTH_LABELS = { short: 'Short', medium: 'Medium', long: 'Long' } as const;

export function labelOf(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export const DEFAULT_OPTIONS: GenerateOptions = generateInputSchema.parse({
  prompt: 'placeholder',
  platform: 'instagram',
});

interface GenerateFormProps {
  /** The form's values; the page owns them so an error or a reused prompt never loses them. */
  values: GenerateOptions;
  onChange: (values: GenerateOptions) => void;
  onSubmit: (values: GenerateOptions) => void;
  running: boolean;
  disabled: boolean;
  disabledReason?: string | undefined;
  /** Languages the active provider writes; the others are shown but not selectable. */
  languages: readonly AiLanguage[] | null;
  serverErrors: Record<string, string>;
}

export function GenerateForm({
  values,
  onChange,
  onSubmit,
  running,
  disabled,
  disabledReason,
  languages,
  serverErrors,
}: GenerateFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof GenerateOptions>(key: K, value: GenerateOptions[K]) => {
    onChange({ ...values, [key]: value });
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = generateInputSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    if (languages && !languages.includes(parsed.data.language)) {
      setErrors({ language: 'The offline generator writes in English only' });
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Generate content">
      <FormField
        label="What should the post be about?"
        error={shown['prompt']}
        hint={`${values.prompt.length.toLocaleString()} / ${PROMPT_MAX_LENGTH.toLocaleString()} characters. Your business profile (brand voice, industry, audience, website) is added for you.`}
      >
        <Textarea
          name="prompt"
          rows={4}
          maxLength={PROMPT_MAX_LENGTH}
          placeholder="e.g. Announce our new pumpkin sourdough, available from Monday"
          value={values.prompt}
          onChange={(e) => set('prompt', e.target.value)}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2 [&>*]:content-start">
        <FormField label="Platform" error={shown['platform']}>
          <Select
            name="platform"
            value={values.platform}
            onChange={(e) => set('platform', e.target.value as GenerateOptions['platform'])}
          >
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Post format" error={shown['format']}>
          <Select
            name="format"
            value={values.format}
            onChange={(e) => set('format', e.target.value as GenerateOptions['format'])}
          >
            {POST_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Tone" error={shown['tone']}>
          <Select
            name="tone"
            value={values.tone}
            onChange={(e) => set('tone', e.target.value as GenerateOptions['tone'])}
          >
            {AI_TONES.map((t) => (
              <option key={t} value={t}>
                {labelOf(t)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Length" error={shown['length']}>
          <Select
            name="length"
            value={values.length}
            onChange={(e) => set('length', e.target.value as GenerateOptions['length'])}
          >
            {AI_LENGTHS.map((l) => (
              <option key={l} value={l}>
                {LENGTH_LABELS[l]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Variants" error={shown['variants']}>
          <Select
            name="variants"
            value={values.variants}
            onChange={(e) => set('variants', Number(e.target.value))}
          >
            {Array.from({ length: MAX_VARIANTS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Language"
          error={shown['language']}
          hint={
            languages && languages.length < Object.keys(AI_LANGUAGES).length
              ? 'The offline generator writes in English.'
              : undefined
          }
        >
          <Select
            name="language"
            value={values.language}
            onChange={(e) => set('language', e.target.value as AiLanguage)}
          >
            {(Object.keys(AI_LANGUAGES) as AiLanguage[]).map((code) => (
              <option
                key={code}
                value={code}
                disabled={languages ? !languages.includes(code) : false}
              >
                {AI_LANGUAGES[code]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <Switch
          name="emoji"
          label="Emoji"
          description="A few, where they fit"
          checked={values.emoji}
          onChange={(e) => set('emoji', e.target.checked)}
        />
        <Switch
          name="hashtags"
          label="Hashtags"
          description="Within the platform's limit"
          checked={values.hashtags}
          onChange={(e) => set('hashtags', e.target.checked)}
        />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={running} disabled={disabled || running}>
          <Sparkles aria-hidden className="size-4" />
          {running ? 'Writing…' : 'Generate'}
        </Button>
        {disabledReason ? <p className="text-sm text-muted-foreground">{disabledReason}</p> : null}
      </div>
    </form>
  );
}
