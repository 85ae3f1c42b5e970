import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { accountSecurityApi } from '../../account/index.ts';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';

export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Permanently removes your account, your business profile, posts, calendar and everything
          stored with them. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardContent>
      <PasswordConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="Everything in your Soci Gen account is deleted for good. Enter your password to confirm."
        confirmLabel="Delete account permanently"
        confirmVariant="destructive"
        action={accountSecurityApi.deleteAccount}
        onDone={({ code }) => {
          // The server has ended every session of the account. A full page load starts this tab
          // afresh as a visitor, with nothing of the deleted account left in memory.
          window.location.replace(`/deletion-confirmation?id=${encodeURIComponent(code)}`);
        }}
      />
    </Card>
  );
}
