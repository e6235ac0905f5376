/**
 * How dependency-cruiser reads our TypeScript and TSX (`.config/dependency-cruiser.cjs`): Babel
 * strips the types (and turns JSX into plain calls, adding no import), after `keepTypeImports` turned every type-only import and re-export into a plain
 * one, so a type crossing a layer is checked like any other import. (The installed TypeScript 7 has
 * no JavaScript API dependency-cruiser could use, and its SWC reader does not take TSX.)
 */
function keepTypeImports() {
  const asValue = (node) => {
    if (node.importKind === "type") node.importKind = "value";
    if (node.exportKind === "type") node.exportKind = "value";
    for (const specifier of node.specifiers ?? []) {
      if (specifier.importKind === "type") specifier.importKind = "value";
      if (specifier.exportKind === "type") specifier.exportKind = "value";
    }
  };
  // On entering the program, before the TypeScript preset elides type-only imports there.
  return {
    name: "keep-type-imports",
    visitor: { Program: { enter: (path) => path.node.body.forEach(asValue) } },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [
    [require.resolve("@babel/preset-typescript"), { onlyRemoveTypeImports: true, allowDeclareFields: true }],
    [require.resolve("@babel/preset-react"), { runtime: "classic" }],
  ],
};
