// Development only (`npm run dev`): Vite serves the islands with React itself. React Router's
// plugin compiles our components for fast refresh, which wants its runtime installed first, as
// React Router's own <Scripts /> does on hydrated pages.
import "virtual:react-router/inject-hmr-runtime";
import "./main";
