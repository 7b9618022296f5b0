// The console's page: built out by the page work (docs/console.md). A placeholder until then.
const app = document.getElementById("app");
if (app !== null) app.textContent = "Sluice console";
