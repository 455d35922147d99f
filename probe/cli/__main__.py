from probe.cli.main import app

app(prog_name="probe")
