/** What an operator runs to make a secret production accepts (32 random bytes, base64). */
export const MAKE_SECRET = 'openssl rand -base64 32';

const REQUIRED_BITS = 256;
const PLACEHOLDER_WORDS = ['secret', 'password', 'changeme', 'example', 'default'];

/** Bits a character of this text can carry, by the alphabet it is written in. */
function bitsPerCharacter(text: string): number {
  if (/^[0-9a-fA-F]+$/.test(text)) return 4;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return 6;
  return Math.log2(95);
}

/** Shannon entropy of the text's characters, in bits per character. */
function characterEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/** A run of `length` characters each one above (or each one below) the one before: abcdefgh, 87654321. */
function hasSequence(text: string, length: number): boolean {
  let up = 1;
  let down = 1;
  for (let i = 1; i < text.length; i++) {
    const step = text.charCodeAt(i) - text.charCodeAt(i - 1);
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    if (up >= length || down >= length) return true;
  }
  return false;
}

/** Some 8 characters that occur twice: a repeated block. */
function hasRepeatedBlock(text: string, length = 8): boolean {
  const seen = new Set<string>();
  for (let i = 0; i + length <= text.length; i++) {
    const block = text.slice(i, i + length);
    if (seen.has(block)) return true;
    seen.add(block);
  }
  return false;
}

/**
 * Why this secret is not at least 32 random bytes, or undefined when it looks like them: long
 * enough for 256 bits in its alphabet (64 hex or 43 base64 characters), and none of what a
 * person types (a placeholder word, a run like 01234567, a repeated block, few distinct
 * characters). Fewer than one random secret in a million fails them.
 */
export function secretWeakness(secret: string): string | undefined {
  const text = secret.trim();
  const bits = Math.floor(text.replace(/=+$/, '').length * bitsPerCharacter(text));
  if (bits < REQUIRED_BITS) {
    return `too short: ${text.length} characters carry at most ${bits} bits, ${REQUIRED_BITS} needed (32 random bytes)`;
  }
  const lower = text.toLowerCase();
  const word = PLACEHOLDER_WORDS.find((placeholder) => lower.includes(placeholder));
  if (word) return `not random: it contains the word "${word}"`;
  if (hasSequence(text, 8)) return 'not random: it contains a run of consecutive characters';
  if (hasRepeatedBlock(text)) return 'not random: a part of it repeats';
  if (characterEntropy(text) < 3) return 'not random: too few distinct characters';
  return undefined;
}
