// The npm scripts' own guards: the PostgreSQL pass refuses SQLite, and the dev server proxies to the API's PORT.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import webpackConfig from '../../../webpack.config';
import { devProcesses } from '../../../scripts/dev';

const ROOT = path.resolve(__dirname, '../../..');

function runGuard(databaseUrl: string | undefined) {
  const { DATABASE_URL: _unset, ...env } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/require-postgres.ts'], {
    cwd: ROOT,
    env: databaseUrl === undefined ? env : { ...env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
}

describe('npm run test:pg', () => {
  it('refuses to run without DATABASE_URL, saying how to give one', () => {
    const result = runGuard(undefined);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('npm run test:pg needs a PostgreSQL database');
    expect(result.stderr).toContain('(DATABASE_URL is unset)');
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, without printing its password', () => {
    const result = runGuard('mysql://root:hunter2@db/stampwise');
    expect(result.status).toBe(2);
    expect(result.stderr).not.toContain('hunter2');
  });

  it('lets a PostgreSQL DATABASE_URL through', () => {
    expect(runGuard('postgres://u:p@127.0.0.1:5432/stampwise_test').status).toBe(0);
  });
});

describe('webpack dev server', () => {
  const saved = { PORT: process.env.PORT, DEV_PORT: process.env.DEV_PORT };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('proxies /api to the API server on PORT and listens on DEV_PORT', () => {
    process.env.PORT = '4100';
    process.env.DEV_PORT = '4200';
    const { devServer } = webpackConfig({}, { mode: 'development' });
    expect(devServer?.port).toBe(4200);
    expect(devServer?.proxy).toEqual([expect.objectContaining({ context: expect.arrayContaining(['/api']), target: 'http://127.0.0.1:4100' })]);
  });

  it('defaults to the API on 3000 and the dev server on 5173', () => {
    delete process.env.PORT;
    delete process.env.DEV_PORT;
    const { devServer } = webpackConfig({}, { mode: 'development' });
    expect(devServer?.port).toBe(5173);
    expect(devServer?.proxy).toEqual([expect.objectContaining({ target: 'http://127.0.0.1:3000' })]);
  });
});

describe('npm run dev', () => {
  it('puts the dev server address in mail links and QR codes, and points both processes at the same API port', () => {
    const { url, processes } = devProcesses({ PORT: '4100', DEV_PORT: '4200' });
    expect(url).toBe('http://localhost:4200');
    const api = processes.find((p) => p.name === 'api');
    const web = processes.find((p) => p.name === 'web');
    expect(api?.env).toMatchObject({ PORT: '4100', PUBLIC_URL: 'http://localhost:4200' });
    expect(web?.env).toMatchObject({ PORT: '4100', DEV_PORT: '4200' });
  });

  it('keeps a PUBLIC_URL the developer set (a phone on the LAN testing the dev build)', () => {
    expect(devProcesses({ PUBLIC_URL: 'http://192.168.1.20:5173' }).processes[0].env.PUBLIC_URL).toBe('http://192.168.1.20:5173');
  });
});
