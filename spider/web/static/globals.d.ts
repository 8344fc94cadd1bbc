// What the browsers have that TypeScript's own lib does not declare (yet), for the type check of
// the modules (tsconfig.json).
export {};

declare global {
  interface Window {
    /** Safari before 14.1 */
    webkitAudioContext?: typeof AudioContext;
  }
  namespace Intl {
    interface Locale {
      /** The week's first day (1 Monday … 7 Sunday): getWeekInfo() where the browser has it, else weekInfo */
      getWeekInfo?(): { firstDay: number };
      weekInfo?: { firstDay: number };
    }
  }
}
