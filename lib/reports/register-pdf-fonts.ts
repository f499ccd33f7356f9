import { Font } from "@react-pdf/renderer";
import { FONT_FILES } from "../images/fonts";

let registered = false;

/** DejaVu for every PDF the app renders (reports, badge certificates, résumés), registered once. */
export function registerPdfFonts(): void {
  if (registered) return;
  Font.register({
    family: "DejaVu",
    fonts: [{ src: FONT_FILES.regular }, { src: FONT_FILES.bold, fontWeight: "bold" }],
  });
  // Words are never split with hyphens: ids and checks must stay copyable.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
