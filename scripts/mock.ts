/**
 * `npm run mock`: Prism serving the contract's examples, on MOCK_PORT / --port (4010) and
 * MOCK_HOST / --host (127.0.0.1). Prism is started as a child; SIGINT/SIGTERM are passed on and
 * its exit code is ours.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { anyText, option, positiveInteger, settingsOrExit } from '../server/cli/options.js';

const MOCK_OPTIONS = {
  port: option({ flag: 'port', env: 'MOCK_PORT', placeholder: '<n>', fallback: 4010, help: 'Port of the mock server', parse: positiveInteger }),
  host: option({ flag: 'host', env: 'MOCK_HOST', placeholder: '<addr>', fallback: '127.0.0.1', help: 'Address to bind', parse: anyText }),
};

const settings = settingsOrExit(MOCK_OPTIONS, {
  usage: 'npm run mock -- [flags]',
  about: "Prism mock server for openapi.yaml: answers every call with the contract's examples (stateless).",
});

const prism = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
const contract = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
const child = spawn(process.execPath, [prism, 'mock', contract, '--host', settings.host, '--port', String(settings.port)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
