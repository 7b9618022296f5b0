/** Characters a DeepSeek function name cannot hold: another marker, JSON, quotes, a fence. */
export function isForbiddenInName(code: number): boolean {
  switch (code) {
    case 10: // \n
    case 13: // \r
    case 34: // "
    case 39: // '
    case 60: // <
    case 96: // `
    case 123: // {
    case 125: // }
      return true;
    default:
      return false;
  }
}
