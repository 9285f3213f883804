"""pip install --no-build-isolation --no-index . : builds the Python module dlx with CMake (Debian's setuptools,
cmake and pybind11-dev; nothing is downloaded)."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
# One version for the C++ package and the Python one: the project's, in CMakeLists.txt.
VERSION = re.search(r"project\(dlx VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeExtension(Extension):
    """The module dlx._dlx, built by the project's CMake (python/CMakeLists.txt) rather than by setuptools."""

    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures the project with only the libraries and the module, builds the module, and puts it where
    setuptools expects the extension."""

    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        generator = ["-G", "Ninja"] if shutil.which("ninja") and not (build / "CMakeCache.txt").exists() else []
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), *generator, "-DCMAKE_BUILD_TYPE=Release",
                        "-DDLX_BUILD_PYTHON=ON", "-DDLX_BUILD_APPS=OFF", "-DDLX_BUILD_EXAMPLES=OFF",
                        "-DDLX_BUILD_TESTS=OFF", "-DCMAKE_POSITION_INDEPENDENT_CODE=ON",
                        # Sources compiled eight to a unit: the same module, built in less time.
                        "-DCMAKE_UNITY_BUILD=ON",
                        f"-DPython3_EXECUTABLE={sys.executable}", f"-DDLX_PYTHON_PACKAGE_DIR={target.parent}"],
                       check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "dlx_python", "-j", jobs], check=True)


(ROOT / "build-python").mkdir(exist_ok=True)
setup(
    name="dlx",
    version=VERSION,
    description="Exact cover with Knuth's dancing links, and Sudoku",
    license="MIT",
    packages=["dlx"],
    # The type stubs (.pyi, the compiled module's among them) and the PEP 561 marker go into the wheel.
    package_data={"dlx": ["py.typed", "*.pyi"]},
    package_dir={"": "python"},
    ext_modules=[CMakeExtension("dlx._dlx")],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    zip_safe=False,
    # setuptools' build folder would otherwise be build/, the CMake build folder of the README.
    options={"build": {"build_base": "build-python"}, "egg_info": {"egg_base": "build-python"}},
)
