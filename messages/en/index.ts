// The en catalogue: one JSON file per namespace (docs/decisions/0021). Add a namespace to both
// languages' index files; tests/unit/i18n-catalogues.test.ts holds them to the same keys.
import api from "./api.json";
import apiTokens from "./apiTokens.json";
import audit from "./audit.json";
import casebook from "./casebook.json";
import auth from "./auth.json";
import common from "./common.json";
import contents from "./contents.json";
import csv from "./csv.json";
import editor from "./editor.json";
import editorCalculations from "./editorCalculations.json";
import editorFields from "./editorFields.json";
import editorSettings from "./editorSettings.json";
import editorVersions from "./editorVersions.json";
import editorVisits from "./editorVisits.json";
import entry from "./entry.json";
import errors from "./errors.json";
import exportNs from "./export.json";
import exportReadme from "./exportReadme.json";
import exportOdm from "./exportOdm.json";
import formStatus from "./formStatus.json";
import forms from "./forms.json";
import imports from "./imports.json";
import layout from "./layout.json";
import medicalGroups from "./medicalGroups.json";
import myStudies from "./myStudies.json";
import notifications from "./notifications.json";
import patientPage from "./patientPage.json";
import missing from "./missing.json";
import patients from "./patients.json";
import queriesPage from "./queriesPage.json";
import dataQueries from "./dataQueries.json";
import dataReview from "./dataReview.json";
import dataLock from "./dataLock.json";
import phone from "./phone.json";
import plausibility from "./plausibility.json";
import schedule from "./schedule.json";
import sdvPage from "./sdvPage.json";
import signatures from "./signatures.json";
import studies from "./studies.json";
import studyArea from "./studyArea.json";
import team from "./team.json";
import templates from "./templates.json";
import trail from "./trail.json";
import twoFactor from "./twoFactor.json";
import ui from "./ui.json";
import users from "./users.json";
import visits from "./visits.json";

const catalogue = {
  api,
  apiTokens,
  audit,
  casebook,
  auth,
  common,
  contents,
  csv,
  editor,
  editorCalculations,
  editorFields,
  editorSettings,
  editorVersions,
  editorVisits,
  entry,
  errors,
  export: exportNs,
  exportReadme,
  exportOdm,
  formStatus,
  forms,
  imports,
  layout,
  medicalGroups,
  myStudies,
  notifications,
  patientPage,
  missing,
  patients,
  queriesPage,
  dataQueries,
  dataReview,
  dataLock,
  phone,
  plausibility,
  schedule,
  sdvPage,
  signatures,
  studies,
  studyArea,
  team,
  templates,
  trail,
  twoFactor,
  ui,
  users,
  visits,
};
export default catalogue;
