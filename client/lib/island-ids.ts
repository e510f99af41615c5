/** A fresh island-id counter for one server render. */
export function createIslandIds(): (name: string) => string {
  let count = 0
  return (name) => `${name.toLowerCase()}-${count++}`
}
