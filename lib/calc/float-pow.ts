/**
 * Correctly rounded x ** y for finite positive x and finite y.
 *
 * Why: JS `**` is off by one unit in the last place for about one input in ten (`2 ** 1.5` gives
 * 2.82842712474619 where Python gives 2.8284271247461903), so the same expression would give a
 * different stored value than in Python. This computes exp(y * log(x)) in double-double arithmetic
 * (about 106 bits) and rounds once, which agrees with Python's libm pow. Pure: no I/O.
 */

/** A double-double: the unevaluated sum hi + lo with |lo| <= ulp(hi) / 2. */
type DD = readonly [number, number];

const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];
const SPLITTER = 134217729; // 2^27 + 1, Veltkamp splitting (no FMA in JS)

function twoSum(a: number, b: number): DD {
  const sum = a + b;
  const bb = sum - a;
  return [sum, a - (sum - bb) + (b - bb)];
}

function split(a: number): DD {
  const c = SPLITTER * a;
  const hi = c - (c - a);
  return [hi, a - hi];
}

function twoProduct(a: number, b: number): DD {
  const product = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [product, ah * bh - product + ah * bl + al * bh + al * bl];
}

function add(a: DD, b: DD): DD {
  const [sum, error] = twoSum(a[0], b[0]);
  return twoSum(sum, error + a[1] + b[1]);
}

function multiply(a: DD, b: DD): DD {
  const [product, error] = twoProduct(a[0], b[0]);
  return twoSum(product, error + a[0] * b[1] + a[1] * b[0]);
}

function scale(a: DD, factor: number): DD {
  return multiply(a, [factor, 0]);
}

/** e^x = mantissa · 2^k: x = k·ln2 + r, e^r by Taylor series on r / 1024, then squared ten times. */
function expParts(x: DD): { mantissa: DD; k: number } {
  const k = Math.round(x[0] / LN2[0]);
  const r = add(x, scale(LN2, -k));
  const reduced: DD = [r[0] / 1024, r[1] / 1024]; // exact: a power of two
  let term: DD = [1, 0];
  let sum: DD = [1, 0];
  for (let n = 1; n <= 12; n++) {
    term = scale(multiply(term, reduced), 1 / n);
    sum = add(sum, term);
  }
  for (let i = 0; i < 10; i++) sum = multiply(sum, sum);
  return { mantissa: sum, k };
}

/**
 * mantissa · 2^k rounded once to a double. Normal results just scale the (already rounded) high
 * part; subnormal ones are rounded half-to-even on the 2^-1074 grid, as scaling would round twice.
 */
function toDouble(mantissa: DD, k: number): number {
  if (k >= -1021) {
    const half = Math.trunc(k / 2); // two factors: 2^k alone may overflow before the product
    return mantissa[0] * 2 ** half * 2 ** (k - half);
  }
  const unit = 2 ** (k + 1074); // below 2^53 here, so the scaled value has an exact floor
  const [hi, lo] = [mantissa[0] * unit, mantissa[1] * unit];
  let units = Math.floor(hi);
  const fraction = hi - units + lo;
  if (fraction > 0.5 || (fraction === 0.5 && units % 2 === 1)) units += 1;
  return units * 2 ** -1074;
}

/** log(x) for finite x > 0: x = m·2^e with m in [1, 2), then one Newton step from Math.log(m). */
function log(x: number): DD {
  let exponent = Math.floor(Math.log2(x));
  // Exact: dividing by a power of two. Math.log2 can land one off near powers of two, hence the loops.
  let mantissa = x / 2 ** exponent;
  while (mantissa >= 2) [mantissa, exponent] = [mantissa / 2, exponent + 1];
  while (mantissa < 1) [mantissa, exponent] = [mantissa * 2, exponent - 1];
  const guess = Math.log(mantissa);
  // y1 = y0 + m·e^(-y0) - 1 doubles the ~53 correct bits of the guess.
  const inverse = expParts([-guess, 0]); // e^-guess, with k in {-1, 0}
  const correction = add(multiply([mantissa * 2 ** inverse.k, 0], inverse.mantissa), [-1, 0]);
  return add(add([guess, 0], correction), scale(LN2, exponent));
}

/** x ** y for finite x > 0 and finite y, correctly rounded; Infinity on overflow. */
export function positivePow(x: number, y: number): number {
  if (x === 1 || y === 0) return 1;
  const logX = log(x);
  // Range check first: it also keeps y small enough for twoProduct's splitting not to overflow.
  const rough = y * logX[0];
  if (rough > 709.79) return Infinity;
  if (rough < -746) return 0; // below half the smallest subnormal
  const { mantissa, k } = expParts(add(twoProduct(y, logX[0]), [y * logX[1], 0]));
  return toDouble(mantissa, k);
}
