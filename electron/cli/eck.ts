/** Entry point of `npm run eck`. */
import { runCli } from './main';
import { processIo } from './io';

runCli(process.argv.slice(2), processIo).then((code) => {
  process.exitCode = code;
});
