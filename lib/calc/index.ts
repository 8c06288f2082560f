/**
 * Calculations and the safe Python-subset expression engine (decision 0001).
 * Browser and server import the same code. Pure: no I/O.
 */
export {
  BACKSTOP_MESSAGE,
  BACKSTOP_MS,
  evaluateCounted,
  evaluateExpression,
  evaluateParsed,
  expressionDependencies,
  parseExpression,
  MAX_EVALUATION_WORK,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_LENGTH,
  MAX_SEQUENCE_LENGTH,
  NOT_A_SCALAR_MESSAGE,
  WORK_LIMIT_MESSAGE,
  type EvaluationResult,
  type ExpressionValue,
  type ExprNode,
  type ParseResult,
} from "./expression";
export { calculationDependencies, orderCalculations } from "./calc-order";
export {
  runCalculations,
  type CalculationContext,
  type CalculationRun,
  type CalculationValue,
} from "./calculations";
