import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FlaskConical, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import type {
  Candidate,
  LoginKind,
  OauthCallbackResult,
} from '#shared/contracts/platforms.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { beginConnect, platformKeys, platformsApi } from '../api/platforms-api.ts';
import { PlatformIcon } from '../components/brand-icons.tsx';

// /dashboard/connect (Facebook) and /dashboard/instagram-callback (Instagram): the dialog sends
// the browser back here with code and state (or an error); the server checks the state against
// this session and exchanges the code, then the person picks the accounts to connect. Every
// failure ends on a message with a way back.

const LOGIN_NAMES: Record<LoginKind, string> = { facebook: 'Facebook', instagram: 'Instagram' };

function CandidateRow({
  candidate,
  checked,
  onToggle,
}: {
  candidate: Candidate;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = `candidate-${candidate.platform}-${candidate.external_id}`;
  return (
    <li>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 hover:bg-muted/50 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
      >
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          className="mt-3 size-4 accent-primary"
        />
        <span className="relative shrink-0">
          {candidate.picture_url ? (
            <img
              src={candidate.picture_url}
              alt=""
              className="size-10 rounded-full border border-border"
            />
          ) : (
            <span className="block size-10 rounded-full bg-muted" />
          )}
          <PlatformIcon
            platform={candidate.platform}
            className="absolute -right-1 -bottom-1 size-4 rounded-full ring-2 ring-card"
          />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-foreground">{candidate.name}</span>
            {candidate.already_connected ? (
              <Badge variant="secondary">Connected — will be refreshed</Badge>
            ) : null}
          </span>
          <span className="block text-sm text-muted-foreground">
            {candidate.platform === 'facebook' ? 'Facebook Page' : 'Instagram account'}
            {candidate.username ? ` · @${candidate.username}` : ''}
            {candidate.linked_page_name ? ` · linked to ${candidate.linked_page_name}` : ''}
          </span>
          {candidate.missing_permissions.length > 0 ? (
            <span className="mt-1 block text-sm text-warning">
              Not granted: {candidate.missing_permissions.join(', ')}. It can connect, but
              publishing needs them — reconnect and grant them later.
            </span>
          ) : null}
        </span>
      </label>
    </li>
  );
}

function Picker({ result }: { result: OauthCallbackResult }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(result.candidates.map((c) => c.external_id)),
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const connect = useMutation({
    mutationFn: () =>
      platformsApi.connectSelected(result.attempt_id, { external_ids: [...selected] }),
    onSuccess: async (connections) => {
      toast.success(
        `${connections.length} ${connections.length === 1 ? 'account' : 'accounts'} connected.`,
      );
      await queryClient.invalidateQueries({ queryKey: platformKeys.all });
      await navigate('/dashboard/platforms');
    },
    onError: (error) => setFieldError(userMessageOf(error)),
  });
  const toggle = (id: string) => {
    setFieldError(null);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.size === 0) {
      setFieldError('Choose at least one account to connect');
      return;
    }
    connect.mutate();
  };
  const pages = result.candidates.filter((c) => c.platform === 'facebook');
  const accounts = result.candidates.filter((c) => c.platform === 'instagram');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose the accounts to connect</CardTitle>
        <CardDescription>
          {LOGIN_NAMES[result.login]} shared these with Soci Gen. Untick any you do not want to
          manage here.
          {result.declined_scopes.length > 0
            ? ` You declined: ${result.declined_scopes.join(', ')}.`
            : ''}
        </CardDescription>
        {result.simulated ? (
          <Badge variant="outline" className="w-fit gap-1">
            <FlaskConical aria-hidden className="size-3" /> Simulated accounts
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          {[
            ['Facebook Pages', pages],
            ['Instagram accounts', accounts],
          ].map(([title, list]) =>
            (list as Candidate[]).length > 0 ? (
              <fieldset key={title as string} className="grid gap-2">
                <legend className="mb-1 text-sm font-semibold text-foreground">
                  {title as string}
                </legend>
                <ul className="grid gap-2">
                  {(list as Candidate[]).map((c) => (
                    <CandidateRow
                      key={`${c.platform}:${c.external_id}`}
                      candidate={c}
                      checked={selected.has(c.external_id)}
                      onToggle={() => toggle(c.external_id)}
                    />
                  ))}
                </ul>
              </fieldset>
            ) : null,
          )}
          {fieldError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {fieldError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={connect.isPending}>
              Connect {selected.size} {selected.size === 1 ? 'account' : 'accounts'}
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/platforms">Cancel</Link>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function OauthCallbackPage({ login }: { login: LoginKind }) {
  useDocumentTitle(`Connect ${LOGIN_NAMES[login]} - Soci Gen Dashboard`);
  const [params] = useSearchParams();
  const sent = useRef(false);
  // The root layout reports and removes `error`/`error_description` from the address
  // (docs/product/routes.md#guard-behaviour), possibly before this page loads;
  // `error_reason=user_denied` stays and means access_denied.
  const error = params.get('error') ?? (params.get('error_reason') ? 'access_denied' : null);
  const callback = useMutation({
    mutationFn: () =>
      platformsApi.callback({
        login,
        ...(params.get('state') ? { state: params.get('state')! } : {}),
        ...(params.get('code') ? { code: params.get('code')!.replace(/#_$/, '') } : {}),
        ...(error ? { error } : {}),
        ...(params.get('error_reason') ? { error_reason: params.get('error_reason')! } : {}),
        ...(params.get('error_description')
          ? { error_description: params.get('error_description')! }
          : {}),
      }),
  });
  const retry = useMutation({
    mutationFn: () => beginConnect(login),
    onError: (error) => toast.error(userMessageOf(error)),
  });
  useEffect(() => {
    // Once per visit, even when effects run twice: a code is single use.
    if (sent.current) return;
    sent.current = true;
    callback.mutate();
  }, [callback]);

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title={`Connect ${LOGIN_NAMES[login]}`}
        description="Finish connecting your accounts to Soci Gen."
      />
      {callback.isPending || callback.isIdle ? (
        <Card>
          <CardContent className="flex items-center gap-3 p-6" aria-live="polite">
            <Spinner size="md" />
            <p className="text-sm text-muted-foreground">
              Checking the answer from {LOGIN_NAMES[login]}…
            </p>
          </CardContent>
        </Card>
      ) : callback.isError ? (
        <Alert variant="destructive" title="The connection did not go through">
          <p>{userMessageOf(callback.error)}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" loading={retry.isPending} onClick={() => retry.mutate()}>
              <RotateCcw aria-hidden className="size-4" /> Start again
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to="/dashboard/platforms">
                <ArrowLeft aria-hidden className="size-4" /> Back to platforms
              </Link>
            </Button>
          </div>
        </Alert>
      ) : (
        <Picker result={callback.data} />
      )}
    </div>
  );
}

export default function ConnectPage() {
  return <OauthCallbackPage login="facebook" />;
}
