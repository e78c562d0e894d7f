import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { ConfigError, loadConfig } from '../config';
import { DATABASE_FILE } from '../../db/backup';
import { openDatabase } from '../../db/database';
import { refuseNewerDatabase } from '../../db/newer-database';
import { setPassword } from '../auth/password';

const MIN_LENGTH = 8;

async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped: the first line of stdin is the password (e.g. `echo "$PW" | npm run set-password`).
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin)
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trim();
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed: readline echoes through _writeToOutput, which we silence after the prompt.
  const silenced = rl as unknown as { _writeToOutput: (s: string) => void }; // readline internals have no types
  const original = silenced._writeToOutput.bind(rl);
  let prompting = true;
  silenced._writeToOutput = (s: string) => {
    if (!prompting || s.includes('New password')) original(s);
  };
  const first = await rl.question('New password: ');
  process.stdout.write('\n');
  const second = await rl.question('New password again: ');
  process.stdout.write('\n');
  prompting = false;
  rl.close();
  if (first !== second) throw new Error('The two passwords differ; nothing was changed.');
  return first.trim();
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.adminPassword !== undefined) {
    process.stderr.write(
      'ADMIN_PASSWORD is set: it is the password and wins at every start. Change or unset it instead.\n',
    );
    process.exit(1);
  }
  // Before the password is typed: openDatabase refuses such a database too, only later.
  refuseNewerDatabase(path.join(config.dataDir, DATABASE_FILE));
  const password = await readNewPassword();
  if (password.length < MIN_LENGTH)
    throw new Error(`The password must be at least ${MIN_LENGTH} characters.`);
  const database = await openDatabase(config.dataDir, undefined, { backgroundCheckpoints: false });
  await setPassword(database.db, password, Date.now());
  await database.close();
  process.stdout.write('Password changed. Every signed-in session was signed out.\n');
}

main().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof ConfigError ? 'Configuration error: ' : ''}${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
