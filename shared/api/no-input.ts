import { z } from 'zod';

/** No input: `undefined`, `null` or `{}` are accepted so every transport can send "nothing". */
export const noInput = z.union([z.undefined(), z.null(), z.strictObject({})]).transform(() => undefined);
