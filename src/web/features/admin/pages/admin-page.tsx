import { useState } from 'react';
import { Navigate } from 'react-router';
import { Tabs } from 'radix-ui';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useActor } from '../../staff/index.ts';
import { BillingPanel } from '../billing/billing-panel.tsx';
import { SystemPanel } from '../components/system-panel.tsx';
import { UsersPanel } from '../components/users-panel.tsx';

const tabClasses = cn(
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
  'hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

export default function AdminPage() {
  useDocumentTitle('Admin - Soci Gen Dashboard');
  const actor = useActor();
  const [tab, setTab] = useState('users');
  if (actor.isPending) return <Skeleton className="h-96" />;
  // Not for everyone: the server answers 403 anyway; the page does not pretend otherwise.
  if (!actor.data?.is_admin) return <Navigate to="/dashboard" replace />;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Administration"
        description="Every account of this installation, with its plan, status and roles, its billing, and the health of the system."
      />
      <Tabs.Root value={tab} onValueChange={setTab} className="grid gap-4">
        <Tabs.List
          aria-label="Administration"
          className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1"
        >
          <Tabs.Trigger value="users" className={tabClasses}>
            Users
          </Tabs.Trigger>
          <Tabs.Trigger value="billing" className={tabClasses}>
            Billing
          </Tabs.Trigger>
          <Tabs.Trigger value="system" className={tabClasses}>
            System health
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="billing">
          <BillingPanel />
        </Tabs.Content>
        <Tabs.Content value="system">
          <SystemPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
