import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportInput } from '#shared/contracts/analytics.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { analyticsApi } from './analytics-api.ts';
import { analyticsKeys } from './keys.ts';

// Analytics' writes: "Sync now" and the scheduled reports (owner and manager; the server answers
// anyone else with a 403 whose message the page shows).

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

/** Queues a refresh of one account or all; the figures are read again once it has had a moment. */
export function useSyncNow() {
  const client = useQueryClient();
  const userId = useKeyUser();
  return useMutation({
    mutationFn: (account: string) => analyticsApi.syncNow(account),
    onSuccess: () => client.invalidateQueries({ queryKey: analyticsKeys.figures(userId) }),
  });
}

function useReportsWrite<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  const userId = useKeyUser();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: analyticsKeys.reports(userId) }),
  });
}

export const useCreateReport = () =>
  useReportsWrite((input: ReportInput) => analyticsApi.createReport(input));

export const useUpdateReport = () =>
  useReportsWrite((vars: { id: string; input: Partial<ReportInput> }) =>
    analyticsApi.updateReport(vars.id, vars.input),
  );

export const useDeleteReport = () => useReportsWrite((id: string) => analyticsApi.deleteReport(id));

export const useSendReport = () => useReportsWrite((id: string) => analyticsApi.sendReport(id));
