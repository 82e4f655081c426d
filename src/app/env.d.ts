interface ImportMetaEnv {
  /** True in the production browser build, where Preact stands in for React (vite.config.ts). */
  readonly PREACT?: boolean;
}
