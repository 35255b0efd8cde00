/**
 * The preset dictionary of the index's deflated records (archive-store.ts, `serialize`): the
 * bytes deflate may refer back to before a record's first byte. A record alone is too short for
 * deflate to find much to repeat in it (a 460 B record deflates to about 275 B); with the names
 * and values every record repeats already in the window, to about 110 B.
 *
 * NEVER CHANGE THESE BYTES. Every record written with them needs exactly them to be read again,
 * for as long as the archive keeps it (months, and a copy of the folder for longer). A better
 * dictionary is a new constant beside this one with a tag byte of its own; the reader keeps
 * this one for the records written before. record-format.test.ts pins its checksum.
 *
 * What is in it: deflate finds a string sooner the nearer it is to the end, so the rarer facts
 * come first (another session type, an error, the section ids of a render whose files name no
 * session type, electron/history/archive-facts.ts), then a typical record as `serialize` writes
 * it: the keys in its order, the blocks, the files' runs and the facts in the order `keptFacts`
 * puts them (`$columns`, the stored columns of shared/history/history-columns.ts in the table's
 * order, `$error`, `$sections`, `$bytes.<kind>`). The values are made up but of the right
 * shape; a fact's name and its usual value side by side cost least.
 */

/** The tag byte of a record deflated with `RECORD_DICTIONARY_V1` (a JSON record starts with `{`). */
export const RECORD_TAG_V1 = 0x01;

/** The dictionary of tag 0x01, as text (ASCII only). Frozen: see the file's comment. */
export const RECORD_DICTIONARY_V1 = [
  '"$error":"vars-2026-01-01-00-00-00.json: 1:1: malformed JSON","sessionInferredFrom":"eck_manifest',
  '.json","manifestFile":"eck_manifest.json","budgetBytes":65536,"sessionType":"auxiliary",',
  '"sessionType":"heartbeat","sessionType":"group-chat","sessionType":"channel-thread",',
  '"sessionType":"dm","chatType":"group","channel":"feishu","channel":"slack","truncated":true,',
  '"$sections":"[\\"rules\\",\\"auxiliary-role\\",\\"session\\"]","$sections":"[\\"batch-messages\\"]",',
  '"$sections":"[\\"rules\\",\\"identity-layer\\",\\"persona\\",\\"personal-profile\\",',
  '\\"working-memory\\",\\"team-notes\\",\\"relation-layer\\",\\"peer-profile\\",\\"venue-fragment\\",',
  '\\"venue-chattype\\",\\"venue-channel-chattype\\",\\"venue-client\\",\\"channel-layer\\",',
  '\\"commands\\",\\"session\\",\\"baseagent\\"]",',
  '{"k":"2026-01-01-00-00-00","t":1767225600000,"a":1767225600000,',
  '"b":[["=",12345,123,456,1],["=",12345,123,456,0]],',
  '"f":{"vars":[0,-1],"context":[1,-1],"fragments":[2,-1],"manifest":[3,-1]},',
  '"c":{"$columns":"15aeeod","sessionType":"main","chatType":"private","channel":"aun",',
  '"peer":"","truncated":false,"peerKey":"aun#","sessionId":"s-","sectionsLoaded":1,',
  '"sectionsTotal":16,"contextBytes":1,"recordedAt":1767225600000,',
  '"$bytes.vars":1,"$bytes.context":1,"$bytes.fragments":1,"$bytes.manifest":1}}',
].join('');
