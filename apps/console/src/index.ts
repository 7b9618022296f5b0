// What the gateway takes from this package: the wire shapes of /console/api (the page itself is dist/).
export type * from "./api-types";
