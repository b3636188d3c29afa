// The age gate's offline default (docs/safety.md, Age gate): the fan's own declaration of their
// date of birth decides. A provider that checks identity or estimates age can replace it behind
// the same port (packages/domain/src/ports/age-verification.ts) without touching the gate.
import { adultAge, ageOn } from '@doppel/domain/chat';
import type { AgeVerification } from '@doppel/domain/ports';

export function createDeclaredAgeVerification(): AgeVerification {
  return {
    async verify({ birthDate, now }) {
      return { adult: ageOn(birthDate, now) >= adultAge, method: 'DECLARATION' };
    },
  };
}
