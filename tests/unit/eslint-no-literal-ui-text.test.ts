/** The lint rule that keeps user-facing text in the catalogues (eslint-rules/, decision 0021). */
import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import plugin from "@/eslint-rules/no-literal-ui-text.mjs";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2022,
    sourceType: "module",
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run("no-literal-ui-text", plugin.rules["no-literal-ui-text"], {
  valid: [
    { code: "<p>{t('title')}</p>" },
    { code: "<p>{patient.code}</p>" },
    { code: "<p> · — 1/2 </p>" },
    { code: "<input aria-label={t('search')} className='w-full px-2' type='text' />" },
    { code: "<div data-testid='current-user' />" },
  ],
  invalid: [
    { code: "<p>Patients</p>", errors: 1 },
    { code: "<p>{'Save'}</p>", errors: 1 },
    { code: "<p>{`Saved ${n}`}</p>", errors: 1 },
    { code: "<button aria-label='Close dialog' />", errors: 1 },
    { code: "<input placeholder='Search by code' />", errors: 1 },
    { code: "<img alt={'Study logo'} />", errors: 1 },
    { code: "<p title='Sesso'>Sesso è obbligatorio</p>", errors: 2 },
  ],
});

tester.run("no-literal-detail", plugin.rules["no-literal-detail"], {
  valid: [
    { code: "throw notFound(messageRef('api.patients.notFound'))" },
    { code: "throw notFound(PATIENT_MESSAGES.notFound, { studyId })" },
    { code: "throw forbidden()" },
    { code: "throw fieldError(['body', 'code'], messageRef('api.x'), 'value_error')" },
    { code: "throw new ApiError('validation', [{ loc: ['body'], msg: messageRef('api.y'), type: 'x' }])" },
    { code: "throw validationError(issues)" },
    { code: "throw conflict(`${code}`)" },
    { code: "log.notFound('Not found')" },
  ],
  invalid: [
    { code: "throw notFound('Study not found')", errors: 1 },
    { code: "throw forbidden(`Only ${who} may do this`, context)", errors: 1 },
    { code: "throw conflict('Taken')", errors: 1 },
    { code: "throw unauthorized('Invalid or expired refresh token')", errors: 1 },
    { code: "throw badRequest('Bad input')", errors: 1 },
    { code: "throw fieldError(['body', 'file'], 'file is required', 'missing')", errors: 1 },
    { code: "throw new ApiError('forbidden', 'Cross-site request refused')", errors: 1 },
    {
      code: "throw new ApiError('validation', [{ loc: ['body'], msg: 'Not JSON', type: 'json' }])",
      errors: 1,
    },
    { code: "throw validationError([{ loc: ['body'], msg: ok ? 'A' : 'B', type: 't' }])", errors: 2 },
    { code: "throw conflict(`The stored ${what} ` + 'cannot be read')", errors: 2 },
  ],
});
