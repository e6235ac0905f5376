/** The shared UI kit. Import from here or from the component's own file. */
export * from "./avatar";
export * from "./badge";
export * from "./button";
export * from "./confirm-dialog";
export * from "./data-table";
export * from "./dropdown-menu";
export * from "./empty-state";
export * from "./field";
export * from "./full-screen-modal";
export * from "./icons";
export * from "./modal";
export * from "./page-header";
export * from "./spinner";
export * from "./tabs";
export * from "./tooltip";
