/**
 * An integer as `toLocaleString("en-US")` writes it ("1,234,567"), without loading ICU's number
 * formatting: its first call costs a thread about 30 ms (issue 32, each `correx check` lane).
 */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString("en-US");
  const digits = String(Math.abs(value));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${out}` : out;
}
