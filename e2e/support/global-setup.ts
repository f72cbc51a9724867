import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser';
import { skipFirstVisit, stationIdByName } from './api';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /** The id of «Мойка на Ленина» («Демо-сеть»). */
    leninaId: string;
    /** Demo login → user id, for the users prepared below. */
    userIds: Record<string, string>;
  }
}

/** One real server for the whole e2e run: fresh data directory, demo data, the built web client. */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}. Install Debian's: \`sudo apt-get install -y chromium\` ` +
        `(or point CHROMIUM_PATH at one). The tests never download a browser.`,
    );
  }
  const server = await startServer();
  try {
    // Flows that are not about the first-visit tour and the cookie banner run without their overlays.
    const logins = ['owner', 'rival', 'admin', 'incomplete', 'newcomer', 'wizard'];
    const sessions = await Promise.all(logins.map((login) => skipFirstVisit(server.baseUrl, login)));
    project.provide('userIds', Object.fromEntries(logins.map((login, i) => [login, sessions[i]!.userId])));
    project.provide('leninaId', await stationIdByName(sessions[0]!, 'Мойка на Ленина'));
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
