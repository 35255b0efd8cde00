import { describe, expect, it } from 'vitest';
import { VAR_NAMES } from './catalog';
import { buildVarsJsonSchema } from './schema';

describe('buildVarsJsonSchema', () => {
  const schema = buildVarsJsonSchema();
  const props = schema.properties ?? {};

  it('is a draft-07 object schema with one property per catalog var and extra vars allowed', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
    expect(Object.keys(props)).toEqual(VAR_NAMES);
    expect(schema.additionalProperties).toBe(true);
  });

  it('closes the enum of closed sets, null included when nullable', () => {
    expect(props.chatType).toMatchObject({ type: ['string', 'null'], enum: ['private', 'group', null] });
    expect(props.chatMode?.enum).toEqual(['interactive', 'proactive', null]);
    expect(props.peerType?.enum).toEqual(['human', 'agent', null]);
  });

  it('offers open sets as examples without rejecting other strings', () => {
    const peerRole = props.peerRole;
    expect(peerRole?.enum).toBeUndefined();
    expect(peerRole?.examples).toEqual(['owner', 'admin', 'member', 'visitor', 'none']);
    expect(peerRole?.anyOf).toEqual([
      { enum: ['owner', 'admin', 'member', 'visitor', 'none'] },
      { type: 'string' },
      { type: 'null' },
    ]);
  });

  it('maps types: boolean, path as string, object fields, array items', () => {
    expect(props.hasPersona?.type).toEqual(['boolean', 'null']);
    expect(props.KITS_RULES?.type).toBe('string');
    expect(props.renderModes?.properties?.private?.type).toBe('string');
    expect(props.capabilities?.type).toEqual(['string', 'null']);
    expect(props.items?.type).toBe('array');
    expect(props.items?.items?.properties?.content?.type).toBe('string');
  });

  it('describes each var in English and Chinese, with markdown for hovers', () => {
    expect(props.peerKey?.description).toBe('Cross-channel key of the peer.\n对端跨渠道键');
    expect(props.chatType?.markdownDescription).toContain('Allowed: `private`, `group`, `null`');
    expect(props.KITS_RULES?.markdownDescription).toContain('Derived: `$KITS/rules`');
  });
});
