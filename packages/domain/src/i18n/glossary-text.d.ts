/** docs/glossary.md as text, for the catalogue's test (Vite's ?raw import). */
declare module '*glossary.md?raw' {
  const text: string;
  export default text;
}
