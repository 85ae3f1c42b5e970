import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { LoginKind } from '#shared/contracts/platforms.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { beginConnect, usePlatformsStatus } from '../api/platforms-api.ts';
import { FacebookIcon, InstagramIcon } from './brand-icons.tsx';

/** Sends the browser to the login dialog of Facebook or Instagram; says why when it cannot. */
export function useConnect() {
  return useMutation({
    mutationFn: (login: LoginKind) => beginConnect(login),
    onError: (error) => toast.error(userMessageOf(error)),
  });
}

/** Connect Facebook and Connect Instagram, each offered when its login is configured. */
export function ConnectButtons({ disabled }: { disabled: boolean }) {
  const status = usePlatformsStatus();
  const connect = useConnect();
  const busy = connect.isPending ? connect.variables : null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        disabled={disabled || !status.data?.facebook_login}
        loading={busy === 'facebook'}
        onClick={() => connect.mutate('facebook')}
      >
        <FacebookIcon className="size-4" /> Connect Facebook
      </Button>
      <Button
        variant="outline"
        disabled={disabled || !status.data?.instagram_login}
        loading={busy === 'instagram'}
        onClick={() => connect.mutate('instagram')}
      >
        <InstagramIcon className="size-4" /> Connect Instagram
      </Button>
    </div>
  );
}
