/** Vite's `?worker` imports of Monaco's workers (typed here: the package ships no types for them). */
declare module 'monaco-editor/editor/editor.worker?worker' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
declare module 'monaco-editor/language/json/json.worker?worker' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
