/**
 * The web fonts offered in Typography (spec §9), self-hosted from the @fontsource packages: Latin
 * subset, the weights the study area uses (400 text, 600 headings and labels, 700 bold; Lato has
 * no 600, so 700 serves). This only declares @font-face rules (a few KB of CSS); a browser fetches
 * a font file only when text on the page is set in that family, so a study downloads just its
 * chosen body and heading fonts. Arial, Georgia and Times New Roman are system fonts.
 */
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/inter/latin-700.css";
import "@fontsource/roboto/latin-400.css";
import "@fontsource/roboto/latin-600.css";
import "@fontsource/roboto/latin-700.css";
import "@fontsource/open-sans/latin-400.css";
import "@fontsource/open-sans/latin-600.css";
import "@fontsource/open-sans/latin-700.css";
import "@fontsource/lato/latin-400.css";
import "@fontsource/lato/latin-700.css";
import "@fontsource/montserrat/latin-400.css";
import "@fontsource/montserrat/latin-600.css";
import "@fontsource/montserrat/latin-700.css";
import "@fontsource/poppins/latin-400.css";
import "@fontsource/poppins/latin-600.css";
import "@fontsource/poppins/latin-700.css";
