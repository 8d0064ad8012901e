// jest's stand-in for the `virtual:call-routes` module Vite builds (frontend/build/call-routes.ts).
import * as api from '../../contracts/src/api';
import { routeTable } from '../../contracts/src/call-routes';

export default routeTable(api as unknown as Record<string, unknown>);
