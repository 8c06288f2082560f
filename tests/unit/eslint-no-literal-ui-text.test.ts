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
