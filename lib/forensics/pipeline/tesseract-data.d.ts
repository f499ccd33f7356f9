declare module "@tesseract.js-data/eng" {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module "@tesseract.js-data/srp" {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
