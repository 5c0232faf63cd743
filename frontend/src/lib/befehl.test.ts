import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { leseModellKeys, merkePosition, minPositionFuer, nachBefehl } from './befehl';

describe('nachBefehl', () => {
  it('marks the worklists and the messages stale and makes later list reads wait for the position', async () => {
    const qc = new QueryClient();
    qc.setQueryData([...leseModellKeys.arbeitslisten, 'betriebe', {}], { content: [] });
    qc.setQueryData([...leseModellKeys.nachrichten, 'anzahl'], { count: 0 });
    qc.setQueryData(['betrieb', '7', 'daten'], { id: 7 });
    expect(minPositionFuer()).toBeUndefined();

    await nachBefehl(qc, { id: 7, position: 42 });

    expect(qc.getQueryState([...leseModellKeys.arbeitslisten, 'betriebe', {}])?.isInvalidated).toBe(true);
    expect(qc.getQueryState([...leseModellKeys.nachrichten, 'anzahl'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['betrieb', '7', 'daten'])?.isInvalidated).toBe(false);
    expect(minPositionFuer()).toBe(42);
    expect(minPositionFuer(50)).toBe(50);
  });

  it('keeps the highest position; an answer without one changes nothing', () => {
    merkePosition({ position: 10 });
    merkePosition({ position: 3 });
    merkePosition({ message: 'ok' });
    expect(minPositionFuer()).toBe(10);
  });
});
