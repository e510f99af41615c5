console.log('loader ran')
const islands = import.meta.glob('./islands/*.tsx')
console.log(Object.keys(islands))
