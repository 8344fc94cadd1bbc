// The practice game kept on this device, put back on the table with no request. This device keeps
// no game yet (every action still goes to the server): the page draws the server's game instead.
/** @import * as A from "../api" */

/** The view of the device's current practice game, or null when the device keeps none.
 * @returns {Promise<A.GameView | null>} */
export async function resumeFromDevice() {
  return null;
}
