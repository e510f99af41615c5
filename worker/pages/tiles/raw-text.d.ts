// Vite (the worker's build and the Workers test pool) imports a data file's text with `?raw`.
declare module '*.csv?raw' {
  const text: string
  export default text
}
