/** Placeholder until the tariffs page lands. */
export function TariffsPage() {
  return null;
}
