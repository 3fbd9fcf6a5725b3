/**
 * The number of values of an ascending list below `value` (with `orEqual`, also those equal): the
 * index where `value` would go, found by halving.
 */
export function countBelow(sorted: readonly number[], value: number, orEqual = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value || (orEqual && sorted[mid] === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
