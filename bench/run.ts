import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  analyticsQueries,
  printAnalyticsQueries,
  type AnalyticsQueriesResult,
} from './analytics-queries.ts';
import { analyticsSync, printAnalyticsSync, type AnalyticsSyncResult } from './analytics-sync.ts';
import {
  billingWebhooks,
  printBillingWebhooks,
  type BillingWebhooksResult,
} from './billing-webhooks.ts';
import {
  audienceSegments,
  printAudienceSegments,
  type AudienceSegmentsResult,
} from './audience-segments.ts';
import { bundle, printBundle, type BundleResult } from './bundle.ts';
import { emailSending, printEmailSending, type EmailSendingResult } from './email-sending.ts';
import { calendarList, printCalendarList, type CalendarListResult } from './calendar-list.ts';
import { calendarView, printCalendarView, type CalendarViewResult } from './calendar-view.ts';
import {
  campaignLaunch,
  printCampaignLaunch,
  type CampaignLaunchResult,
} from './campaign-launch.ts';
import { coldStart, printColdStart, type ColdStartResult } from './cold-start.ts';
import { inboxIngest, printInboxIngest, type InboxIngestResult } from './inbox-ingest.ts';
import { inboxList, printInboxList, type InboxListResult } from './inbox-list.ts';
import { media, printMedia, type MediaBenchResult } from './media.ts';
import { pageWeight, printPageWeight, type PageWeightResult } from './page-weight.ts';
import { printPublishing, publishing, type PublishingBenchResult } from './publishing.ts';
import {
  printPublishingChaos,
  publishingChaos,
  type PublishingChaosResult,
} from './publishing-chaos.ts';
import { REPO_ROOT, log, machineInfo, readConfig, round, type BenchConfig } from './lib.ts';

// `npm run bench`: every benchmark in order, a readable table each, and the machine-readable
// report in bench/report/latest.json. BENCH_ONLY=<name> runs one; BENCH_SCALE shrinks sizes.

type Result =
  | ColdStartResult
  | CalendarListResult
  | CalendarViewResult
  | BundleResult
  | PageWeightResult
  | MediaBenchResult
  | PublishingBenchResult
  | PublishingChaosResult
  | InboxListResult
  | InboxIngestResult
  | AnalyticsQueriesResult
  | AnalyticsSyncResult
  | BillingWebhooksResult
  | CampaignLaunchResult
  | AudienceSegmentsResult
  | EmailSendingResult;

interface Benchmark {
  name: string;
  run: (config: BenchConfig) => Promise<Result>;
  print: (result: never) => string;
}

const BENCHMARKS: Benchmark[] = [
  { name: 'cold-start', run: coldStart, print: printColdStart },
  { name: 'calendar-list', run: calendarList, print: printCalendarList },
  { name: 'calendar-view', run: calendarView, print: printCalendarView },
  { name: 'inbox-list', run: inboxList, print: printInboxList },
  { name: 'inbox-ingest', run: inboxIngest, print: printInboxIngest },
  { name: 'analytics-queries', run: analyticsQueries, print: printAnalyticsQueries },
  { name: 'analytics-sync', run: analyticsSync, print: printAnalyticsSync },
  { name: 'billing-webhooks', run: billingWebhooks, print: printBillingWebhooks },
  { name: 'campaign-launch', run: campaignLaunch, print: printCampaignLaunch },
  { name: 'audience-segments', run: audienceSegments, print: printAudienceSegments },
  { name: 'email-sending', run: emailSending, print: printEmailSending },
  { name: 'bundle', run: bundle, print: printBundle },
  { name: 'page-weight', run: pageWeight, print: printPageWeight },
  { name: 'media', run: media, print: printMedia },
  { name: 'publishing', run: publishing, print: printPublishing },
  {
    name: 'publishing-chaos',
    run: (config) => publishingChaos(config),
    print: printPublishingChaos,
  },
];

const REPORT_DIR = path.join(REPO_ROOT, 'bench/report');

async function main() {
  const config = readConfig();
  const selected = config.only ? BENCHMARKS.filter((b) => b.name === config.only) : BENCHMARKS;
  if (selected.length === 0) {
    throw new Error(
      `BENCH_ONLY=${config.only}: no such benchmark (${BENCHMARKS.map((b) => b.name).join(', ')})`,
    );
  }
  const machine = machineInfo();
  const startedAt = new Date();
  log(
    `Soci Gen benchmarks: scale ${config.scale}${config.only ? `, only ${config.only}` : ''}; ` +
      `node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, load ${machine.loadAverage.join(' ')}`,
  );

  const results: Record<string, unknown> = {};
  const failures: Record<string, string> = {};
  for (const benchmark of selected) {
    const t0 = performance.now();
    log(`\n== ${benchmark.name} ==`);
    try {
      const result = await benchmark.run(config);
      const seconds = round((performance.now() - t0) / 1000, 1);
      const loadAfter = os.loadavg().map((l) => round(l, 2));
      results[benchmark.name] = { ...result, elapsedS: seconds, loadAverageAfter: loadAfter };
      const text = (benchmark.print as (r: Result) => string)(result);
      log(`${text}\n(${benchmark.name}: ${seconds} s; load average after: ${loadAfter.join(' ')})`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      failures[benchmark.name] = message;
      log(`${benchmark.name} FAILED: ${message}`);
    }
  }

  const totalS = round((Date.now() - startedAt.getTime()) / 1000, 1);
  const report = {
    startedAt: startedAt.toISOString(),
    totalS,
    scale: config.scale,
    only: config.only ?? null,
    machine,
    results,
    failures,
  };
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const reportPath = path.join(REPORT_DIR, 'latest.json');
  fs.writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);

  log(
    `\ndone in ${totalS} s (scale ${config.scale}); report: ${path.relative(process.cwd(), reportPath)}`,
  );
  // Benchmarks are not tests: a failed one is reported, and only a crash of the suite fails the run.
  if (Object.keys(failures).length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
