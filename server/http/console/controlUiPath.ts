/** Where the control UI (the console) is mounted: its own module, so that its views import it without importing each other. */
export const CONTROL_UI_PATH = '/_control/ui';
