// Vite import forms used by the data tests (the test project does not load vite/client types).
declare module '*?raw' {
  const content: string
  export default content
}

interface ImportMeta {
  glob<T>(
    pattern: string,
    options: { query: '?raw'; import: 'default'; eager: true }
  ): Record<string, T>
}
