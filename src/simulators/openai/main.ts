import { startOpenAiSimulator } from './openai-simulator.ts';

// `npm run simulator:openai`: an OpenAI-compatible endpoint for local runs without a provider.
// Point the app at it with AI_BASE_URL=http://127.0.0.1:3215/v1 AI_MODEL=sim-gpt-4o-mini.

const port = Number(process.argv[2] ?? 3215);
const simulator = await startOpenAiSimulator({ port, chunkDelayMs: 25 });
console.log(`OpenAI-compatible simulator on ${simulator.baseURL}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void simulator.close().then(() => process.exit(0)));
}
