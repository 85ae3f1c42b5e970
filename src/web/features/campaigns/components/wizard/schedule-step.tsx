import { useEffect, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Link } from 'react-router';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import type { Cadence } from '#shared/contracts/campaign-plan.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { LoadingRows } from '../../../../components/ui/query-status.tsx';
import { useAuth } from '../../../auth/index.ts';
import { PlatformIcon, useConnections } from '../../../platforms/index.ts';
import { useBestSlots } from '../../../posts/index.ts';
import { cadenceFromBestTimes, defaultCadence } from '../../lib/cadence.ts';
import { FORMAT_LABELS, WEEKDAYS } from '../../lib/format.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import type { FieldsRef } from './use-wizard.ts';

// Step 2: when the campaign runs, where it posts and how often. The cadence starts from the
// business's posting hours (lib/cadence.ts).

const FORMATS = ['post', 'carousel', 'reel', 'story'] as const;
const MOST_TIMES = 6;

export function ScheduleStep({
  campaign,
  fieldsRef,
  fieldErrors,
}: {
  campaign: Campaign;
  fieldsRef: FieldsRef;
  fieldErrors: Record<string, string>;
}) {
  const hours = useAuth().businessProfile?.posting_hours;
  const connections = useConnections();
  const [startsOn, setStartsOn] = useState(campaign.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(campaign.endsOn ?? '');
  const [accounts, setAccounts] = useState<string[]>(campaign.connectionIds);
  const [formats, setFormats] = useState<string[]>(
    campaign.formats.length > 0 ? campaign.formats : ['post'],
  );
  // A new campaign's cadence starts from the posting hours, then from analytics' best times once
  // it has data — until the person changes it (docs/product/screens.md#campaigns).
  const [edited, setEdited] = useState<Cadence | null>(campaign.cadence);
  const best = useBestSlots('instagram', edited === null);
  const fromBest = best.data?.source === 'analytics' ? cadenceFromBestTimes(best.data.slots) : null;
  const cadence = edited ?? fromBest ?? defaultCadence(hours);
  const changeCadence = (next: Cadence | ((current: Cadence) => Cadence)) =>
    setEdited(typeof next === 'function' ? next(cadence) : next);

  useEffect(() => {
    fieldsRef.current = {
      startsOn: startsOn || null,
      endsOn: endsOn || null,
      connectionIds: accounts,
      formats: formats as (typeof FORMATS)[number][],
      cadence: { ...cadence, times: cadence.times.filter((t) => t !== '') },
    };
  }, [fieldsRef, startsOn, endsOn, accounts, formats, cadence]);

  const setTime = (index: number, value: string) =>
    changeCadence((c) => ({ ...c, times: c.times.map((t, i) => (i === index ? value : t)) }));

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Starts on" error={fieldErrors['startsOn']}>
          <Input type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        </FormField>
        <FormField label="Ends on" error={fieldErrors['endsOn']}>
          <Input
            type="date"
            value={endsOn}
            min={startsOn || undefined}
            onChange={(e) => setEndsOn(e.target.value)}
          />
        </FormField>
      </div>

      {connections.data === undefined ? (
        connections.isError ? (
          <Alert variant="destructive">Your accounts could not be loaded.</Alert>
        ) : (
          <LoadingRows label="Loading your accounts" rows={2} rowClassName="h-10 w-full" />
        )
      ) : connections.data.length === 0 ? (
        <Alert variant="warning" title="No accounts connected">
          <Link to="/dashboard/platforms" className="text-link underline">
            Connect a Facebook Page or an Instagram account
          </Link>{' '}
          to post the campaign to.
        </Alert>
      ) : (
        <CheckboxGroup
          legend="Accounts"
          error={fieldErrors['connectionIds']}
          options={connections.data.map((c) => ({
            value: c.id,
            label: (
              <span className="inline-flex items-center gap-2">
                <PlatformIcon platform={c.platform} className="size-4" />
                {accountLabel(c)}
              </span>
            ),
          }))}
          value={accounts}
          onChange={setAccounts}
        />
      )}

      <CheckboxGroup
        legend="Formats"
        error={fieldErrors['formats']}
        options={FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] ?? f }))}
        value={formats}
        onChange={setFormats}
      />

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">Cadence</legend>
        <FormField label="Posts per week, per account" error={fieldErrors['cadence']}>
          <Input
            type="number"
            min={1}
            max={21}
            className="w-28"
            value={cadence.postsPerWeek}
            onChange={(e) => changeCadence((c) => ({ ...c, postsPerWeek: Number(e.target.value) }))}
          />
        </FormField>
        <CheckboxGroup
          legend="Weekdays"
          inline
          options={WEEKDAYS.map((day, i) => ({ value: String(i), label: day }))}
          value={cadence.weekdays.map(String)}
          onChange={(days) =>
            changeCadence((c) => ({ ...c, weekdays: days.map(Number).sort((a, b) => a - b) }))
          }
        />
        <div className="grid gap-2">
          <p className="text-sm font-medium">Times</p>
          <p className="text-sm text-muted-foreground">
            {cadence.times.length === 0
              ? 'At the start of your posting hours. Add a time to choose your own.'
              : 'Posts go out at these times on the chosen days.'}
          </p>
          <ul className="flex flex-wrap gap-2">
            {cadence.times.map((time, i) => (
              <li key={i} className="flex items-center gap-1">
                <Input
                  type="time"
                  aria-label={`Time ${i + 1}`}
                  value={time}
                  className="w-32"
                  onChange={(e) => setTime(i, e.target.value)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove time ${i + 1}`}
                  onClick={() =>
                    changeCadence((c) => ({ ...c, times: c.times.filter((_, j) => j !== i) }))
                  }
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          {cadence.times.length < MOST_TIMES ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => changeCadence((c) => ({ ...c, times: [...c.times, '12:00'] }))}
            >
              <Plus aria-hidden className="size-4" />
              Add a time
            </Button>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
