import { E2E_PEER_PORT, E2E_THIRD_PORT } from '../playwright.config';

/** How long an instance may take to start (embedded PostgreSQL's first start included). */
const START_TIMEOUT_MS = 120_000;

async function ready(port: number, deadline: number): Promise<void> {
  const url = `http://127.0.0.1:${port}/readyz`;
  for (;;) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline)
      throw new Error(
        `The e2e instance on port ${port} was not ready within ${START_TIMEOUT_MS} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Global setup: the peer instances (launched by playwright.config's web servers without waiting,
 * so that all three start together) answer /readyz before any test runs.
 */
export default async function instancesReady(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  await Promise.all([E2E_PEER_PORT, E2E_THIRD_PORT].map((port) => ready(port, deadline)));
}
