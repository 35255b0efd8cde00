import { indexFigures } from './scale-bench';
const r = await indexFigures('/tmp/s250/home/data/eck-debug', 250000);
console.log(JSON.stringify(r, null, 1));
process.exit(0);
