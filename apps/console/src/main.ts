// The console's page: built out by the page work (docs/config.md, "The console"). A placeholder until then.
const app = document.getElementById("app");
if (app !== null) app.textContent = "Sluice console";
